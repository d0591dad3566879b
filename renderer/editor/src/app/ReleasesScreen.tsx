import { useState } from 'react';
import { ArrowLeft } from 'lucide-react';
import { DASHBOARD_PATH } from '../router';
import { ReleaseDetail } from '../releases/ReleaseDetail';
import { ReleaseList } from '../releases/ReleaseList';
import '../releases/releases.css';
import { Header } from './Header';
import { useReleaseEvents } from './useReleaseEvents';

/**
 * The Releases screen (issue 24 §4): the list of releases, or one release (id). Either reads again whenever a
 * release or a live pointer changes anywhere: `heard` counts those events.
 */
export function ReleasesScreen({ id }: { id: number | null }) {
  const [heard, setHeard] = useState(0);
  useReleaseEvents(() => setHeard((count) => count + 1));
  const back = (
    <a href={`#${DASHBOARD_PATH}`} className="releases-back">
      <ArrowLeft size={16} aria-hidden />
      Dashboard
    </a>
  );
  return (
    <div className="releases-screen">
      <Header title="Releases" before={back} />
      <main>{id === null ? <ReleaseList heard={heard} /> : <ReleaseDetail id={id} heard={heard} />}</main>
    </div>
  );
}
