/** The instance id in a routing-profile ARN (`…:instance/<id>/…`), or undefined. @public */
export function parseInstanceId(arn: string | undefined): string | undefined {
  return arn ? /instance\/([0-9a-fA-F|-]+)\//.exec(arn)?.[1] : undefined;
}

/** The account id in an ARN (`…:<account>:instance…`), or undefined. @public */
export function parseAccountId(arn: string | undefined): string | undefined {
  return arn ? /:([0-9]+):instance/.exec(arn)?.[1] : undefined;
}

/** The agent resource id in an ARN containing `/agent/<id>`, or undefined. @public */
export function parseAgentResourceId(arn: string | undefined): string | undefined {
  return arn ? /\/agent\/([^/]+)/.exec(arn)?.[1] : undefined;
}
