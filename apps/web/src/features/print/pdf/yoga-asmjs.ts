/**
 * Stands in for `yoga-layout/load` (aliased in vite.config.ts). Yoga 3 only ships WebAssembly, and the portal's
 * CSP (script-src 'self', no 'wasm-unsafe-eval') refuses to compile it, so react-pdf's layout would fail in the
 * browser. Yoga 2's asm.js build is plain JavaScript with the same node API and enum values.
 */
import Yoga, {
  Align,
  Dimension,
  Direction,
  Display,
  Edge,
  Errata,
  ExperimentalFeature,
  FlexDirection,
  Gutter,
  Justify,
  LogLevel,
  MeasureMode,
  NodeType,
  Overflow,
  PositionType,
  PrintOptions,
  Unit,
  Wrap,
} from 'yoga-layout-asmjs/sync';

export {
  Align,
  Dimension,
  Direction,
  Display,
  Edge,
  Errata,
  ExperimentalFeature,
  FlexDirection,
  Gutter,
  Justify,
  LogLevel,
  MeasureMode,
  NodeType,
  Overflow,
  PositionType,
  PrintOptions,
  Unit,
  Wrap,
};

/** Yoga 3's loader signature over the synchronous asm.js instance. */
export async function loadYoga() {
  return Yoga;
}
