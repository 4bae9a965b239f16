/** Companies and departments named in user operations: found by name, created when missing. */
import { sameText } from './lookups.js';
import type { CompanyRow, DepartmentRow, SandboxData } from './model.js';
import type { SandboxStore } from './store.js';

export function companyNamed(data: SandboxData, store: SandboxStore, name: string): CompanyRow {
  const existing = data.companies.find((company) => sameText(company.name, name));
  if (existing) return existing;
  const company: CompanyRow = { id: store.nextId('companies'), name: name.trim(), emailDomain: null, notes: null, customFields: {} };
  data.companies.push(company);
  return company;
}

export function departmentNamed(data: SandboxData, store: SandboxStore, name: string): DepartmentRow {
  const existing = data.departments.find((department) => sameText(department.name, name));
  if (existing) return existing;
  const department: DepartmentRow = { id: store.nextId('departments'), name: name.trim() };
  data.departments.push(department);
  return department;
}

/** `company` / `department` parameters: a name (created when missing); the empty string clears it. */
export function companyIdFor(data: SandboxData, store: SandboxStore, name: string): number | null {
  return name.trim() === '' ? null : companyNamed(data, store, name).id;
}

export function departmentIdFor(data: SandboxData, store: SandboxStore, name: string): number | null {
  return name.trim() === '' ? null : departmentNamed(data, store, name).id;
}

/** `emailDomains` as stored: `;`-separated, trimmed, empty → null. */
export function normaliseDomains(text: string): string | null {
  const domains = text.split(/[;,]/).map((domain) => domain.trim().toLowerCase()).filter(Boolean);
  return domains.length > 0 ? domains.join(';') : null;
}
