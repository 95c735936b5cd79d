export { opsRoutes } from './ops.routes';
