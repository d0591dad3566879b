import { useId } from 'react';
import type { BlockProps } from '../registry';
import { html, record, text } from '../lib/content';
import { ignoreSubmit } from '../lib/forms';
import { ResponsiveImage, ratioStyle } from '../lib/media';
import { RichText } from '../lib/RichText';
import './NewsletterSignup.css';

/** Email sign-up over campaign art: pitch, an email field with its button, and the consent small print. */
export default function NewsletterSignup({ content }: BlockProps) {
  const id = useId();
  const title = text(content, 'title');
  const body = text(content, 'text');
  const consent = html(content, 'consentText');
  return (
    <div className="newsletter-signup">
      <div className="newsletter-signup-art ratio" style={ratioStyle(content)}>
        <ResponsiveImage images={record(content, 'images')} alt="" />
      </div>
      <div className="newsletter-signup-panel">
        {title && <h2 className="newsletter-signup-title">{title}</h2>}
        {body && <p className="newsletter-signup-text">{body}</p>}
        <form className="newsletter-signup-form" onSubmit={ignoreSubmit} noValidate>
          <label className="newsletter-signup-sr-only" htmlFor={`${id}-email`}>
            Email address
          </label>
          <input
            id={`${id}-email`}
            className="newsletter-signup-input"
            type="email"
            name="email"
            autoComplete="email"
            placeholder={text(content, 'placeholder')}
          />
          <button className="newsletter-signup-button" type="submit">
            {text(content, 'buttonText') || 'Sign Up'}
          </button>
        </form>
        <RichText value={consent} className="newsletter-signup-consent" />
      </div>
    </div>
  );
}
