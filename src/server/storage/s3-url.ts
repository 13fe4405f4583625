/**
 * Where S3_URL points: `s3://BUCKET/PREFIX?region=eu-west-2&endpoint=http://127.0.0.1:9000&path_style=true`
 * — the bucket, an optional key prefix ('office/' → keys 'office/files/…', 'office/backups/…'),
 * the region (default us-east-1), and for an S3-compatible service (MinIO, Ceph, R2…) its
 * endpoint and path-style addressing (default on whenever an endpoint is given). Credentials are
 * never in the URL: the AWS SDK's usual chain finds them (AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY, a profile, an instance role).
 */
export interface S3Location {
  bucket: string;
  prefix: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
}

/** Reads S3_URL (see S3Location); throws a readable message for anything else. */
export function parseS3Url(text: string): S3Location {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    throw new Error('S3_URL is not a URL: use s3://bucket/prefix?region=…');
  }
  if (u.protocol !== 's3:' || !u.hostname)
    throw new Error('S3_URL must look like s3://bucket/prefix?region=…');
  const prefix = decodeURIComponent(u.pathname.replace(/^\/+/, ''));
  const endpoint = u.searchParams.get('endpoint') ?? undefined;
  if (endpoint && !/^https?:\/\//.test(endpoint))
    throw new Error('S3_URL endpoint must be an http(s) address.');
  const pathStyle = u.searchParams.get('path_style');
  return {
    bucket: u.hostname,
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
    region: u.searchParams.get('region') ?? 'us-east-1',
    endpoint,
    forcePathStyle: pathStyle === null ? Boolean(endpoint) : pathStyle === 'true' || pathStyle === '1',
  };
}
