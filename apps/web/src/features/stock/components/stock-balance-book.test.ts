import { describe, expect, it } from 'vitest';
import { routes } from '../routes.ts';
import {
  CABINET_BALANCE_BOOK,
  editorOf,
  FRONT_BALANCE_BOOK,
  HUB_BALANCE_BOOK,
  movementsOf,
  WHOLESALER_BALANCE_BOOK,
} from './stock-balance-book.ts';

// The balance books: their links match routes that exist, and each kind's links carry its own filters.

const paths = new Set(routes.map((r) => `/website/${r.path}`));

describe('stock balance books', () => {
  it('point at routes that exist', () => {
    for (const book of [HUB_BALANCE_BOOK, WHOLESALER_BALANCE_BOOK, FRONT_BALANCE_BOOK, CABINET_BALANCE_BOOK]) {
      expect(paths.has(book.listPath), book.listPath).toBe(true);
      expect(paths.has(book.movementPath), book.movementPath).toBe(true);
      if (book.edit) expect(paths.has(book.edit.path), book.edit.path).toBe(true);
    }
  });

  it('link a row to its editor and its movements with the kind’s location filter', () => {
    expect(editorOf(WHOLESALER_BALANCE_BOOK, 7)).toBe('/website/wholesaler/wholesaler-editor-list?skuId=7');
    // a read-only book has no editor: back to its list
    expect(editorOf(FRONT_BALANCE_BOOK, 7)).toBe(FRONT_BALANCE_BOOK.listPath);
    expect(movementsOf(HUB_BALANCE_BOOK, 7, { locationId: 3 })).toBe('/website/inventory/inventory-water-list?skuId=7');
    expect(movementsOf(FRONT_BALANCE_BOOK, 7, { locationId: 3, deviceCode: 'D1' })).toBe(
      '/website/entrepot/entrepot-inventory-water?skuId=7&locationId=3',
    );
    expect(movementsOf(CABINET_BALANCE_BOOK, 7, { locationId: 3, deviceCode: 'D1' })).toBe(
      '/website/container-stock/container-inventory-water-list?skuId=7&deviceCode=D1',
    );
  });
});
