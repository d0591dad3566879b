import { ArrowLeft } from 'lucide-react';
import { Header } from '../app/Header';
import { DASHBOARD_PATH } from '../router';
import { ReleaseDetail } from './ReleaseDetail';
import { ReleaseList } from './ReleaseList';
import './releases.css';

/** The Releases screen (issue 24 §4): the list of releases, or one release (id). */
export function ReleasesScreen({ id }: { id: number | null }) {
  const back = (
    <a href={`#${DASHBOARD_PATH}`} className="releases-back">
      <ArrowLeft size={16} aria-hidden />
      Dashboard
    </a>
  );
  return (
    <div className="releases-screen">
      <Header title="Releases" before={back} />
      <main>{id === null ? <ReleaseList /> : <ReleaseDetail id={id} />}</main>
    </div>
  );
}
