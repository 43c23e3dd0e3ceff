/**
 * Stands in for `yoga-layout/load` (aliased in vite.config.ts). Yoga 3 only ships WebAssembly, and the portal's
 * CSP (script-src 'self', no 'wasm-unsafe-eval') refuses to compile it, so react-pdf's layout would fail in the
 * browser. Yoga 2's asm.js build is plain JavaScript with the same node API and enum values.
 */
import YogaExport, {
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

type YogaInstance = typeof YogaExport;

// The package is CommonJS: depending on the bundler's interop the default import is the instance itself or
// the module object that holds it as `default`.
function instanceOf(value: YogaInstance | { default: YogaInstance }): YogaInstance {
  return 'Config' in value ? value : value.default;
}

/** Yoga 3's loader signature over the synchronous asm.js instance. */
export async function loadYoga() {
  return instanceOf(YogaExport);
}
