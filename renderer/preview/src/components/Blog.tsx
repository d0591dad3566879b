import type { CSSProperties } from 'react';
import type { BlockProps } from '../registry';
import { imageUrl } from '../lib/blockContext';
import { Carousel } from '../lib/Carousel';
import { choice, flag, list, num, record, text, type Content } from '../lib/content';
import { useFeed } from '../lib/feed';
import { formatDate } from '../lib/format';
import { linkHref } from '../lib/media';
import './Blog.css';
import { errorMessage } from '../../../../core/rules/errorMessage';

/** Posts the Blog shows, as many as its feed asks for (catalogue spec §9). */
const MAX_POSTS = 12;
const DEFAULT_EXCERPT_LENGTH = 140;

interface Post {
  id: string;
  date: string;
  link: string;
  title: string;
  excerpt: string;
  author: string;
  image: string;
}

/** The text of a rendered HTML field, read in an inert document: tags go, entities become characters. */
function plainText(markup: string): string {
  if (!markup) return '';
  const body = new DOMParser().parseFromString(markup, 'text/html').body;
  return (body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Cut at a word boundary to at most `length` characters, with an ellipsis when cut. */
function truncate(value: string, length: number): string {
  if (length <= 0 || value.length <= length) return value;
  const cut = value.slice(0, length);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > length * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?…-]+$/, '')}…`;
}

/** WordPress's rendered fields ({rendered: '<p>…</p>'}), or a plain string. */
const rendered = (post: Content, key: string): string => {
  const value = post[key];
  return plainText(value && typeof value === 'object' ? text(value as Content, 'rendered') : text(post, key));
};

/** The first embedded item of a kind (_embedded.author, _embedded['wp:featuredmedia']). */
const embedded = (post: Content, key: string): Content => list(record(post, '_embedded'), key)[0] ?? {};

/**
 * Posts from a WordPress-style posts feed: [{id, date, link, title: {rendered}, excerpt: {rendered},
 * _embedded: {author: [{name}], 'wp:featuredmedia': [{source_url}]}}]. Throws on a feed of another shape.
 */
function readPosts(data: unknown): Post[] {
  return list({ posts: data }, 'posts')
    .slice(0, MAX_POSTS)
    .map((post) => ({
      id: text(post, 'id'),
      date: text(post, 'date'),
      link: text(post, 'link'),
      title: rendered(post, 'title'),
      // WordPress ends a cut excerpt with "[…]"; a plain ellipsis reads better on a card.
      excerpt: rendered(post, 'excerpt').replace(/[\s.]*\[(…|\.\.\.)\]$/, '…'),
      author: text(embedded(post, 'author'), 'name'),
      image: text(embedded(post, 'wp:featuredmedia'), 'source_url'),
    }));
}

function PostCard({ post, styling, show }: { post: Post; styling: Content; show: Content }) {
  const excerptLength = num(styling, 'excerptLength', DEFAULT_EXCERPT_LENGTH);
  const showDate = styling.showPublishedOn === undefined ? true : flag(styling, 'showPublishedOn');
  const style = {
    '--post-title': text(styling, 'titleColor') || undefined,
    '--post-text': text(styling, 'textColor') || undefined,
    '--post-background': text(styling, 'backgroundColor') || undefined,
  } as CSSProperties;
  return (
    <article className="blog-post" style={style}>
      <a className="blog-post-link" href={post.link || '#'}>
        <span className="blog-post-image">{post.image && <img src={imageUrl(post.image)} alt="" />}</span>
        <span className="blog-post-body">
          {showDate && post.date && (
            <time className="blog-post-date" dateTime={post.date}>
              {formatDate(post.date)}
            </time>
          )}
          <span className="blog-post-title">{post.title}</span>
          {flag(show, 'excerpt') && post.excerpt && (
            <span className="blog-post-excerpt">{truncate(post.excerpt, excerptLength)}</span>
          )}
          {flag(show, 'author') && post.author && <span className="blog-post-author">By {post.author}</span>}
        </span>
      </a>
    </article>
  );
}

/** The latest posts of a blog as a carousel (3 per view, 1 on mobile by default), read from its posts feed. */
export default function Blog({ component, content }: BlockProps) {
  const apiLink = text(content, 'apiLink').trim();
  const feed = useFeed(component._identifier, apiLink);
  const header = record(content, 'header');
  const title = text(header, 'title');
  const subtitle = text(header, 'subtitle');
  const cta = record(content, 'cta');
  const styling = record(content, 'postStyling');
  const show = record(content, 'dataToShow');

  let body;
  if (!apiLink) {
    body = <p className="blog-message">Add the blog’s posts feed link (apiLink) to show its posts.</p>;
  } else if (feed.status === 'loading') {
    body = (
      <p className="blog-message blog-loading" role="status">
        Loading posts…
      </p>
    );
  } else if (feed.status === 'failed') {
    body = (
      <p className="blog-message blog-failed" role="alert">
        The posts could not be loaded: {feed.error}
      </p>
    );
  } else {
    let posts: Post[] | null = null;
    let problem = '';
    try {
      posts = readPosts(feed.data);
    } catch (error) {
      problem = errorMessage(error);
    }
    if (!posts) {
      body = (
        <p className="blog-message blog-failed" role="alert">
          The posts feed is not in the expected format: {problem}
        </p>
      );
    } else if (posts.length === 0) {
      body = <p className="blog-message">No posts yet.</p>;
    } else {
      body = (
        <Carousel settings={record(content, 'carousel')} label={title || 'Blog posts'}>
          {posts.map((post, index) => (
            <PostCard key={post.id || index} post={post} styling={styling} show={show} />
          ))}
        </Carousel>
      );
    }
  }

  return (
    <div className={`blog theme-${choice(content, 'theme', 'default')}`}>
      {(title || subtitle) && (
        <header className="blog-header">
          {title && <h2>{title}</h2>}
          {subtitle && <p>{subtitle}</p>}
        </header>
      )}
      {body}
      {text(cta, 'text') && (
        <div className="ctas ctas-center">
          <a className={cta.invert === true ? 'cta cta-invert' : 'cta'} href={linkHref(cta, 'url')}>
            {text(cta, 'text')}
          </a>
        </div>
      )}
    </div>
  );
}
