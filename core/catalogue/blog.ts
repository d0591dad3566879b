import { SLIDES_PER_VIEW_DEFAULTS, carouselSettings } from './carousel';
import { cta, selectBox } from './fields';
import { defineTemplate } from './template';

/**
 * The blog feed the Blog template reads (catalogue spec §7): a GET of the posts with their embedded media
 * (`_embed`), 12 posts per page (§9). Root-relative, like the sample images, so the sample works offline.
 */
export const BLOG_POSTS_PER_PAGE = 12;
export const SAMPLE_BLOG_API_LINK = `/sample/blog/posts.json?_embed&per_page=${BLOG_POSTS_PER_PAGE}`;

/** The latest posts as a carousel (catalogue spec §3, "Blog"; 3 per view, 1 on mobile, 50px apart). */
export const blog = defineTemplate('Blog', 'The latest blog posts as a carousel.', {
  apiLink: SAMPLE_BLOG_API_LINK,
  header: { title: 'The Journal', subtitle: 'Stories from the track, the pitch and the street' },
  cta: cta('Read the Journal', '/blog/'),
  postStyling: {
    titleColor: '#111111',
    textColor: '#4b5563',
    backgroundColor: '#ffffff',
    // Characters of the excerpt shown before it is cut with an ellipsis.
    excerptLength: 140,
    showPublishedOn: true,
  },
  dataToShow: { author: true, excerpt: true },
  theme: selectBox('themes', 'card'),
  carousel: carouselSettings(SLIDES_PER_VIEW_DEFAULTS.Blog),
});
