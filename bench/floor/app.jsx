// The least a React editor does at start: render one element. The pages differ only in their markup.
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')).render(<p className="shown">{document.title}</p>);
