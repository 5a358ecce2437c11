import { libraryConfig } from '../../scripts/tsup-config';

// `@internal` members (constructors an integrator never calls, wiring between entry points) are
// left out of the published declarations; in-repo code still sees them through the sources.
export default libraryConfig(process.cwd(), { dts: { compilerOptions: { stripInternal: true } } });
