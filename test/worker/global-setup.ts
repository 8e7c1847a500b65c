import type { TestProject } from 'vitest/node';
export default function setup(project: TestProject) {
  project.provide('smoke' as never, 'hello' as never);
}
