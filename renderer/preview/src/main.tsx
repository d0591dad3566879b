import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { emit, onCommand } from './bridge';
import { Block } from './Block';
import { previewStore, useOrder } from './store';
import './styles.css';

function Page() {
  const order = useOrder();
  if (order.length === 0) return <p className="preview-empty">Add a component to see it here.</p>;
  return (
    <main className="page">
      {order.map((id) => (
        <Block key={id} id={id} />
      ))}
    </main>
  );
}

onCommand((command) => previewStore.apply(command));
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Page />
  </StrictMode>,
);
emit({ type: 'ready' });
