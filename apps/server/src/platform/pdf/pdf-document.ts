import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';

/**
 * Printable documents (申请单, 对账单…) as PDF: pdfkit with an embedded CJK font (Noto Sans Hans, GB2312, from
 * the @embedpdf/fonts-sc package; the used glyphs are subset into the file). A module describes its document
 * with the small vocabulary below (title, key-value grid, table, paragraph) and gets the bytes.
 */

const FONT_DIR = path.join(path.dirname(fileURLToPath(import.meta.resolve('@embedpdf/fonts-sc'))), '../fonts');
let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** Read once per process (about 8 MB each), on the first document. */
function loadFonts() {
  fonts ??= {
    regular: readFileSync(path.join(FONT_DIR, 'NotoSansHans-Regular.otf')),
    bold: readFileSync(path.join(FONT_DIR, 'NotoSansHans-Bold.otf')),
  };
  return fonts;
}

const MARGIN = 48;
const BORDER = '#d9d9d9';
const HEAD_BG = '#fafafa';
const MUTED = '#666666';

export interface PdfMeta {
  title: string;
  author?: string;
  subject?: string;
}

export class PdfWriter {
  private readonly doc: PDFKit.PDFDocument;
  constructor(doc: PDFKit.PDFDocument) {
    this.doc = doc;
  }
  private get width() {
    return this.doc.page.width - MARGIN * 2;
  }
  private ensureSpace(height: number) {
    if (this.doc.y + height > this.doc.page.height - MARGIN) this.doc.addPage();
  }

  /** The document's heading, centred, with a line of small print under it. */
  title(text: string, subtitle?: string): this {
    this.doc.font('bold').fontSize(18).fillColor('#000').text(text, MARGIN, this.doc.y, { width: this.width, align: 'center' });
    if (subtitle)
      this.doc.moveDown(0.3).font('regular').fontSize(9).fillColor(MUTED).text(subtitle, { width: this.width, align: 'center' });
    this.doc.moveDown(1);
    return this;
  }

  /** A section heading. */
  heading(text: string): this {
    this.ensureSpace(40);
    this.doc.moveDown(0.6).font('bold').fontSize(12).fillColor('#000').text(text, MARGIN, this.doc.y, { width: this.width });
    this.doc.moveDown(0.3);
    return this;
  }

  paragraph(text: string): this {
    this.doc.font('regular').fontSize(10).fillColor('#000').text(text, MARGIN, this.doc.y, { width: this.width });
    return this;
  }

  /** Label / value pairs in a bordered grid, `columns` pairs a row. */
  fields(pairs: readonly (readonly [string, string])[], columns = 2): this {
    const labelW = 78;
    const cellW = this.width / columns;
    for (let i = 0; i < pairs.length; i += columns) {
      const row = pairs.slice(i, i + columns);
      this.doc.font('regular').fontSize(10);
      const h = Math.max(22, ...row.map(([, v]) => this.doc.heightOfString(v || '—', { width: cellW - labelW - 12 }) + 10));
      this.ensureSpace(h);
      const y = this.doc.y;
      row.forEach(([label, value], j) => {
        const x = MARGIN + j * cellW;
        this.doc.rect(x, y, labelW, h).fillAndStroke(HEAD_BG, BORDER);
        this.doc.rect(x + labelW, y, cellW - labelW, h).stroke(BORDER);
        this.doc
          .fillColor(MUTED)
          .font('regular')
          .fontSize(10)
          .text(label, x + 6, y + 5, { width: labelW - 12 });
        this.doc.fillColor('#000').text(value || '—', x + labelW + 6, y + 5, { width: cellW - labelW - 12 });
      });
      this.doc.x = MARGIN;
      this.doc.y = y + h;
    }
    return this;
  }

  /** A table: column headers with relative widths, then rows of text. */
  table(columns: readonly { header: string; width: number }[], rows: readonly (readonly string[])[]): this {
    const total = columns.reduce((n, c) => n + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * this.width);
    const drawRow = (cells: readonly string[], head: boolean) => {
      this.doc.font(head ? 'bold' : 'regular').fontSize(9);
      const h = Math.max(20, ...cells.map((c, i) => this.doc.heightOfString(c || '—', { width: widths[i] - 10 }) + 10));
      this.ensureSpace(h);
      const y = this.doc.y;
      let x = MARGIN;
      cells.forEach((c, i) => {
        if (head) this.doc.rect(x, y, widths[i], h).fillAndStroke(HEAD_BG, BORDER);
        else this.doc.rect(x, y, widths[i], h).stroke(BORDER);
        this.doc.fillColor('#000').text(c || '—', x + 5, y + 5, { width: widths[i] - 10 });
        x += widths[i];
      });
      this.doc.x = MARGIN;
      this.doc.y = y + h;
    };
    drawRow(
      columns.map((c) => c.header),
      true,
    );
    if (rows.length === 0) drawRow(['暂无记录', ...columns.slice(1).map(() => '')], false);
    for (const r of rows) drawRow(r, false);
    return this;
  }

  /** Small print at the bottom of the content. */
  footnote(text: string): this {
    this.doc.moveDown(1.2).font('regular').fontSize(8).fillColor(MUTED).text(text, MARGIN, this.doc.y, { width: this.width });
    return this;
  }
}

/** Renders an A4 document; `draw` writes its content. */
export function renderPdf(meta: PdfMeta, draw: (w: PdfWriter) => void): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: meta.title, Author: meta.author ?? '', Subject: meta.subject ?? meta.title },
    lang: 'zh-CN',
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(new PdfWriter(doc));
      doc.end();
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
