export { contentRoutes } from './content.routes';
export { TRANSLATIONS } from './translations/index';
export { translatorFor, type Translate } from './translate';
