import { libraryConfig } from '../../scripts/tsup-config';

export default libraryConfig(process.cwd());
