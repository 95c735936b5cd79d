// The shell feature's public surface, used by src/app's route modules.
export { ShellLayout } from './shell-layout';
export { NotFoundPage } from './not-found-page';
export { InfoPage } from './info-page';
export { LanguageSelector, changeLocale } from './language-selector';
