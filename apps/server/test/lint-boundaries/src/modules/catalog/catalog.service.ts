import { resumePoint } from '../progress/progress.service'; // VIOLATION import-x/no-cycle
import { cardColumns } from './catalog.repository';

export const card = () => ({ columns: cardColumns, resume: resumePoint() });
export const requireTitle = () => 'title';
