import { describe, expect, it } from 'vitest';
import {
  contentPathOf,
  editingSentence,
  fieldFocus,
  contentFieldLabel,
  focusFieldPath,
  initialsOf,
} from '../../core/rules/fieldFocus';
import { fieldLabel } from '../../core/rules/itemLabel';
import {
  MAX_FOCUS_COMPONENT_LENGTH,
  MAX_FOCUS_FIELD_LENGTH,
  PresenceChangeEventSchema,
  PresenceRequestSchema,
} from '../../core/teamProtocol';
import { HOME_KEY } from './helpers/pages';

/** Field-level presence in words and on the wire (issue 23 §3). */

describe('the field path presence carries', () => {
  it('is spelt as versionDiff spells paths, and read back into the same parts', () => {
    const cases: [(string | number)[], string][] = [
      [['title'], 'content.title'],
      [['slides', 2, 'heading'], 'content.slides[2].heading'],
      [['keywords', 0], 'content.keywords[0]'],
      [['headers', 1, 'label'], 'content.headers[1].label'],
    ];
    for (const [path, spelt] of cases) {
      expect(focusFieldPath(path)).toBe(spelt);
      expect(contentPathOf(spelt)).toEqual(path);
    }
  });

  it('reads nothing from a path it did not spell', () => {
    for (const text of ['', 'content', 'title', 'name', 'contents.title', 'content.slides[x]', 'content..title'])
      expect(contentPathOf(text), text).toBeNull();
  });

  it("is labelled as the field's form labels it", () => {
    expect(contentFieldLabel('content.title')).toBe('Title');
    expect(contentFieldLabel('content.slides[2].heroTitle')).toBe('Hero title');
    expect(contentFieldLabel('content.keywords[2]')).toBe('Keyword 3');
    expect(contentFieldLabel('content.slides[2]')).toBe('Slide 3');
    expect(contentFieldLabel('name')).toBeNull();
    for (const path of [['title'], ['slides', 2, 'heroTitle'], ['keywords', 2]])
      expect(contentFieldLabel(focusFieldPath(path))).toBe(fieldLabel(path));
  });
});

describe('fieldFocus', () => {
  it('is the focus on a field, or null where presence could not carry it', () => {
    expect(fieldFocus('MainBannerAbc', 'content.title')).toEqual({
      component: 'MainBannerAbc',
      field: 'content.title',
    });
    expect(fieldFocus('x'.repeat(MAX_FOCUS_COMPONENT_LENGTH + 1), 'content.title')).toBeNull();
    expect(fieldFocus('MainBannerAbc', `content.${'t'.repeat(MAX_FOCUS_FIELD_LENGTH)}`)).toBeNull();
  });
});

describe('in words', () => {
  it('says who is editing which field of which component', () => {
    expect(editingSentence('editor.gb@example.com', 'Title', 'Main Banner')).toBe(
      'editor.gb@example.com is editing Title in Main Banner',
    );
    expect(editingSentence('editor.gb@example.com', null, 'Main Banner')).toBe(
      'editor.gb@example.com is editing Main Banner',
    );
  });

  it("takes up to two initials from the address's name", () => {
    expect(initialsOf('editor.gb@example.com')).toBe('EG');
    expect(initialsOf('ann.focus.e2e@example.com')).toBe('AE');
    expect(initialsOf('bob@example.com')).toBe('B');
    expect(initialsOf('élodie_martin@example.fr')).toBe('ÉM');
    expect(initialsOf('@example.com')).toBe('?');
  });
});

describe('the wire', () => {
  const focus = { component: 'MainBannerAbc', field: 'content.title' };

  it('takes a heartbeat without a focus, as clients from before issue 23 send it', () => {
    expect(PresenceRequestSchema.parse({ pageKey: HOME_KEY, state: 'open' })).toEqual({
      pageKey: HOME_KEY,
      state: 'open',
    });
    expect(PresenceRequestSchema.parse({ pageKey: HOME_KEY, state: 'open', focus }).focus).toEqual(focus);
  });

  it('refuses a focus with a part missing, empty or too long', () => {
    for (const bad of [
      { component: 'MainBannerAbc' },
      { field: 'content.title' },
      { component: '', field: 'content.title' },
      { component: 'MainBannerAbc', field: '' },
      { component: 'x'.repeat(MAX_FOCUS_COMPONENT_LENGTH + 1), field: 'content.title' },
      { component: 'MainBannerAbc', field: 'x'.repeat(MAX_FOCUS_FIELD_LENGTH + 1) },
      { component: 7, field: 'content.title' },
      null,
    ])
      expect(PresenceRequestSchema.safeParse({ pageKey: HOME_KEY, state: 'open', focus: bad }).success).toBe(false);
  });

  it('announces a focus move as an open page with reason focus', () => {
    const event = {
      type: 'presence',
      pageKey: HOME_KEY,
      user: 'editor.gb@example.com',
      state: 'open',
      reason: 'focus',
      focus,
      timestamp: '2026-11-28T01:00:00.000Z',
    };
    expect(PresenceChangeEventSchema.parse(event)).toEqual(event);
  });
});
