import { SLIDES_PER_VIEW_DEFAULTS, carouselSettings } from './carousel';
import { cta, videoBlock, type VideoBlock } from './fields';
import { athleteImage, type AthletePortrait, type BannerArt } from './sampleAssets';
import { defineTemplate } from './template';

interface Athlete {
  name: string;
  aboutAthlete: { header: string; info: { label: string; value: string }[] };
  /** Which media the athlete's card shows: the info image, the video, or both. */
  media: { showInfoImage: boolean; showVideo: boolean };
  infoImage: string;
  video: VideoBlock;
}

const athlete = (
  name: string,
  portrait: AthletePortrait,
  sport: string,
  highlight: string,
  gear: string,
  videoArt: BannerArt,
): Athlete => ({
  name,
  aboutAthlete: {
    header: `About ${name.split(' ')[0]}`,
    info: [
      { label: 'Sport', value: sport },
      { label: 'Highlight', value: highlight },
      { label: 'Trains in', value: gear },
    ],
  },
  media: { showInfoImage: true, showVideo: false },
  infoImage: athleteImage(portrait),
  video: videoBlock(`Train with ${name}`, videoArt, [cta('Shop the Kit', '/athletes/')]),
});

/** The athletes a brand sponsors (catalogue spec §3, "Athlete Info"; 5 per view, 1 on mobile). */
export const athleteInfo = defineTemplate(
  'Athlete Info',
  'The athletes a brand sponsors, with their story and video.',
  {
    title: 'Team Stride',
    subtitle: 'Meet the athletes who test our kit',
    athletes: [
      athlete('Maya Okafor', 'okafor', 'Sprinting', 'National 200m champion', 'Stride Aero Runner', 'running'),
      athlete(
        'Erik Lindqvist',
        'lindqvist',
        'Trail running',
        'Finished the 100-mile Ridge Ultra',
        'Northpeak Trail',
        'outdoor',
      ),
      athlete('Léa Moreau', 'moreau', 'Football', 'Club captain, 120 appearances', 'Kinetic Match Pro', 'football'),
      athlete('Kenji Tanaka', 'tanaka', 'Basketball', 'League most valuable player', 'Volt Court', 'streetwear'),
      athlete('Sofia Reyes', 'reyes', 'CrossFit', 'Regional games podium', 'Apex Core', 'training'),
    ],
    carousel: carouselSettings(SLIDES_PER_VIEW_DEFAULTS.AthleteInfo),
  },
);
