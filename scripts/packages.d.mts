export declare const root: string;
export interface WorkspacePackage {
  dir: string;
  name: string;
  short: string;
  pkg: any;
}
export declare function listPackages(): WorkspacePackage[];
export declare function entriesOf(
  pkg: any,
): { subpath: string; file: string; importPath: string; target: any }[];
