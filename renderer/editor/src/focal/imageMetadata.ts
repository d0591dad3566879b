import { call } from '../api';
import type { ImageMetadata } from './FocalPointTool';

/** The image metadata through main (editor spec §7); a failure rejects, and the tool logs it and shows a notice. */
export const loadImageMetadata = (url: string): Promise<ImageMetadata> => call('imageMetadata', { url });
