/**
 * Node side of module titles: read each top-level module folder's `_category_` file (the first of
 * `_category_.json`, `.yml`, `.yaml` that exists, as Docusaurus does) and name the module with
 * core's `categoryLabel`. Only I/O lives here.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CATEGORY_FILES, categoryLabel, type CategoryFile } from '../../core/build-time/ingest/category-label';

/** Each module's title, and one warning per metadata file that could not be used. */
export interface ModuleTitles {
  titles: Map<string, string>;
  warnings: { path: string; message: string }[];
}

/**
 * The sidebar label of every module in `modules` (top-level folder names under `docsDir`). Never
 * throws: an unreadable or malformed file is a warning, and the module keeps its folder-name label.
 *
 * @example
 * const { titles } = await readModuleTitles('sample-book/docs', ['01-ros2']);
 * titles.get('01-ros2'); // 'Module 1: ROS 2 Fundamentals'
 */
export async function readModuleTitles(docsDir: string, modules: Iterable<string>): Promise<ModuleTitles> {
  const result: ModuleTitles = { titles: new Map(), warnings: [] };
  for (const module of [...new Set(modules)].sort()) {
    const file = await firstCategoryFile(join(docsDir, module));
    const path = file ? `${module}/${file.name}` : module;
    if (file && 'error' in file) {
      result.warnings.push({ path, message: `cannot read it (${file.error}): the module is named by its folder` });
      result.titles.set(module, categoryLabel(module, null).label);
      continue;
    }
    const { label, warning } = categoryLabel(module, file);
    result.titles.set(module, label);
    if (warning) result.warnings.push({ path, message: warning });
  }
  return result;
}

/** The first category file that exists in `dir`; `{ error }` when it exists but cannot be read. */
async function firstCategoryFile(dir: string): Promise<CategoryFile | { name: string; error: string } | null> {
  for (const name of CATEGORY_FILES) {
    try {
      return { name, text: await readFile(join(dir, name), 'utf8') };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') continue;
      return { name, error: typeof code === 'string' ? code : String(error) };
    }
  }
  return null;
}
