import { ArrowLeft } from 'lucide-react';
import { DASHBOARD_PATH } from '../router';
import { Header } from './Header';
import { FocalPointTool } from '../focal/FocalPointTool';
import { loadImageMetadata } from '../focal/imageMetadata';
import '../focal/focal.css';

/**
 * The focal-point screen (route /focal-point, editor spec §2, §4): the tool on its own, to look at an image's
 * point of interest and its crops. It writes nothing; an image field opens the same tool to store a point.
 */
export function FocalPointScreen() {
  const back = (
    <a href={`#${DASHBOARD_PATH}`} className="focal-back">
      <ArrowLeft size={16} aria-hidden />
      Back
    </a>
  );
  return (
    <div className="focal-screen">
      <Header title="Focal Point" before={back} />
      <main>
        <FocalPointTool loadMetadata={loadImageMetadata} />
      </main>
    </div>
  );
}
