export {
  compareWithGolden,
  type Golden,
  type GoldenInput,
  goldenOutputs,
  linesOf,
  type TextFunction,
} from './golden.js';
