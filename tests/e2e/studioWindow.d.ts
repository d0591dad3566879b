// Specs call window.studio inside page.evaluate; its type is the editor's own declaration.
import type {} from '../../renderer/editor/src/api';
