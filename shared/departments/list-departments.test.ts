import { describe, expect, it } from 'vitest';
import { DEPARTMENTS } from './department';
import { listDepartments } from './list-departments';

describe('listDepartments', () => {
  it('lists the whole taxonomy in display order', () => {
    expect(listDepartments()).toEqual({ items: [...DEPARTMENTS] });
    expect(listDepartments().items[0]).toBe('Engineering');
  });
});
