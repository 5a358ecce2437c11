import { libraryConfig } from '../../scripts/tsup-config';

export default libraryConfig(process.cwd(), {
  entry: { cli: 'src/cli.ts' },
  platform: 'node',
});
