export { LegalPageScreen } from './ui/LegalPageScreen';
