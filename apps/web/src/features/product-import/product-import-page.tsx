import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { ImportStart } from './components/import-start';
import { ImportView } from './components/import-view';

/**
 * Product Import (/product-import): upload a CSV, XLSX or ZIP and see past imports; `?id=` opens one import through
 * its steps (map the columns, dry run, run). The address holds the import, so a reload or a shared link comes back
 * to it with its progress as the server has it.
 */
export default function ProductImportPage() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const open = useCallback(
    (next: string | null) =>
      setParams((p) => {
        const out = new URLSearchParams(p);
        if (next) out.set('id', next);
        else out.delete('id');
        return out;
      }),
    [setParams],
  );
  return id ? <ImportView key={id} id={id} onOpen={open} /> : <ImportStart onOpen={open} />;
}
