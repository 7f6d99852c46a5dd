/**
 * The text a PDF viewer would show, page by page, read back with Mozilla's PDF.js (pdfjs-dist): the
 * glyphs' Unicode comes from each embedded font's ToUnicode map, as in any viewer's copy and search.
 * Items on one line are joined as drawn (no separator), lines by "\n".
 */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: string[]; fonts: string[] }> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false }).promise;
  const pages: string[] = [];
  const fonts = new Set<string>();
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    const lines = new Map<number, { x: number; s: string }[]>();
    for (const item of content.items) {
      if (!('str' in item)) continue;
      const y = Math.round(item.transform[5]!);
      const row = lines.get(y) ?? [];
      row.push({ x: item.transform[4]!, s: item.str });
      lines.set(y, row);
      fonts.add(content.styles[item.fontName]?.fontFamily ?? item.fontName);
    }
    pages.push(
      [...lines.entries()]
        .sort((a, b) => b[0] - a[0])
        .map(([, row]) =>
          row
            .sort((a, b) => a.x - b.x)
            .map((r) => r.s)
            .join(''),
        )
        .join('\n'),
    );
  }
  await doc.destroy();
  return { pages, fonts: [...fonts] };
}
