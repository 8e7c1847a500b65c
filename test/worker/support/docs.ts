/** A small corpus for Worker tests; texts share words with the queries used in the tests. */
import type { SeedDoc } from './harness';

export const DOCS: SeedDoc[] = [
  {
    id: 1,
    text: 'ROS 2 topics carry messages between nodes with publishers and subscribers.',
    payload: { source_url: 'https://book.test/docs/ros2/topics', chapter: 'ros2-topics', section: 'Topics', title: 'Nodes and Topics', chunk_index: 0, chunk_id: 'ros2/topics.md#0', module: '01-ros2', file_path: '01-ros2/topics.md', start_line: 5, end_line: 20, tags: ['ros2'] },
  },
  {
    id: 2,
    text: 'Quality of service policies make topics reliable or best effort for sensor data.',
    payload: { source_url: 'https://book.test/docs/ros2/qos', chapter: 'qos', section: 'QoS', title: 'QoS and DDS', chunk_index: 0, chunk_id: 'ros2/qos.md#0', module: '01-ros2', file_path: '01-ros2/qos.md', start_line: 1, end_line: 12 },
  },
  {
    id: 3,
    text: 'Gazebo simulates robots, sensors and physics for a digital twin.',
    payload: { source_url: 'https://book.test/docs/sim/gazebo', chapter: 'gazebo', section: 'Gazebo', title: 'Gazebo', chunk_index: 0, chunk_id: 'sim/gazebo.md#0', module: '02-simulation' },
  },
  {
    id: 4,
    text: 'Isaac Sim renders photorealistic scenes for synthetic data generation.',
    payload: { source_url: 'https://book.test/docs/isaac/sim', chapter: 'isaac-sim', section: 'Isaac Sim', title: 'Isaac Sim', chunk_index: 0, chunk_id: 'isaac/sim.md#0', module: '03-nvidia-isaac' },
  },
];
