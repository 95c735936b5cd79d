export { contentRoutes } from './content.routes';
export { TRANSLATIONS } from './translations/index';
