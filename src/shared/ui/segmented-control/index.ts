export { SegmentedControl, segmentedClassNames, type Segment } from './segmented-control';
