/** Video templates. No sample video ships, so each video's poster art (overlayImages) is what shows. */
import { OTHER_CAROUSEL_SLIDES, carouselSettings } from './carousel';
import { aspectRatio, cta, paragraphs, selectBox, videoBlock } from './fields';
import { defineTemplate } from './template';

const videoAspectRatio = () => aspectRatio('16:9', '16:9');

/** One video beside its copy; videoPosition says on which side. */
export const videoSpot = defineTemplate('Video Spot', 'One video beside its copy and calls to action.', {
  title: 'Made to Move',
  text: paragraphs('Go behind the scenes of our latest running campaign.'),
  videoPosition: selectBox('videoPositions', 'left'),
  video: videoBlock('Made to Move', 'running'),
  aspectRatio: videoAspectRatio(),
  ctas: [cta('Shop Running', '/footwear/running/')],
});

export const videoGallery = defineTemplate('Video Gallery', 'Several videos as a carousel, each with its own links.', {
  title: 'Watch & Shop',
  videos: [
    videoBlock('Trail Tested', 'outdoor', [cta('Shop Outdoor', '/outdoor/')]),
    videoBlock('Matchday Ready', 'football', [cta('Shop Football', '/football/')]),
    videoBlock('Studio Session', 'training', [cta('Shop Training', '/training/')]),
  ],
  aspectRatio: videoAspectRatio(),
  carousel: carouselSettings(OTHER_CAROUSEL_SLIDES.VideoGallery),
});
