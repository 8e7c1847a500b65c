/** A small corpus for the retrieval-strategy tests: overlapping vocabulary, so the semantic and keyword lists differ. */
import type { SeedDoc } from './harness';

const page = (id: number, text: string, file: string, module: string, extra: Record<string, unknown> = {}): SeedDoc => ({
  id,
  text,
  payload: {
    source_url: `https://book.test/docs/${file.replace(/\.md$/, '')}`,
    chapter: file.split('/')[1]!.replace(/\.md$/, ''),
    section: `Section ${id}`,
    title: `Page ${id}`,
    chunk_index: 0,
    chunk_id: `${file}#0`,
    module,
    file_path: file,
    start_line: id,
    end_line: id + 10,
    ...extra,
  },
});

export const STRATEGY_DOCS: SeedDoc[] = [
  page(1, 'ROS 2 topics carry messages between nodes with publishers and subscribers.', '01-ros2/topics.md', '01-ros2', { tags: ['ros2', 'topics'], sidebar_position: 2 }),
  page(2, 'Quality of service policies make topics reliable or best effort for sensor data.', '01-ros2/qos.md', '01-ros2', { tags: ['ros2', 'qos'], sidebar_position: 3 }),
  page(3, 'Gazebo simulates robots, sensors and physics for a digital twin.', '02-simulation/gazebo.md', '02-simulation', { tags: ['gazebo'], sidebar_position: 1 }),
  page(4, 'Isaac Sim renders photorealistic scenes for synthetic data generation.', '03-isaac/sim.md', '03-isaac', { tags: ['isaac-sim'], sidebar_position: 1 }),
  page(5, 'Sensor data from lidar and depth cameras feeds the perception stack.', '02-simulation/sensors.md', '02-simulation', { tags: ['sensors', 'gazebo'], sidebar_position: 3 }),
  page(6, 'Launch files start many nodes and set their parameters at once.', '01-ros2/launch.md', '01-ros2', { tags: ['ros2', 'launch'], sidebar_position: 4 }),
  page(7, 'Topics, services and actions are the three ROS 2 communication patterns.', '01-ros2/services.md', '01-ros2', { tags: ['ros2', 'services'], sidebar_position: 2 }),
  page(8, 'Domain randomization varies textures and lighting in synthetic data.', '03-isaac/synthetic.md', '03-isaac', { tags: ['isaac-sim', 'synthetic-data'], sidebar_position: 2 }),
];
