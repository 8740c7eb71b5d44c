// One rule for site ids in every service: canonical decimal only (see @frenly/platform).
export { SiteIdPipe } from '@frenly/platform';
