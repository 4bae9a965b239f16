/** Companies and departments. */
import { fieldFor, setFieldValue } from '../custom-field-values.js';
import { normaliseDomains } from '../directory.js';
import { badRequest } from '../errors.js';
import { requireCompany, sameText } from '../lookups.js';
import { FieldUsage } from '../model.js';
import { companyRecord, fieldValueRecord } from '../records.js';
import { defineHandlers } from './types.js';

export const companyHandlers = defineHandlers({
  companies: ({ data }) => data.companies.map(companyRecord),

  createCompany: ({ data, params, store }) => {
    // The spec: "when a company with the same name exists, the existing company's id is returned".
    const existing = data.companies.find((company) => sameText(company.name, params.name));
    if (existing) return { id: existing.id };
    const id = store.nextId('companies');
    data.companies.push({
      id,
      name: params.name.trim(),
      emailDomain: params.emailDomains === undefined ? null : normaliseDomains(params.emailDomains),
      notes: null,
      customFields: {},
    });
    return { id };
  },

  updateCompany: ({ data, params }) => {
    const company = requireCompany(data, params.id);
    if (params.name !== undefined) {
      const clash = data.companies.find((other) => other !== company && sameText(other.name, params.name ?? ''));
      if (clash) throw badRequest(`Parameter 'name': company ${clash.id} is already called '${clash.name}'.`);
      company.name = params.name.trim();
    }
    if (params.notes !== undefined) company.notes = params.notes === '' ? null : params.notes;
    if (params.emailDomains !== undefined) company.emailDomain = normaliseDomains(params.emailDomains);
    return companyRecord(company);
  },

  departments: ({ data }) => data.departments.map((department) => ({ DepartmentID: department.id, Name: department.name })),

  setCustomFieldForCompany: ({ data, params }) => {
    const company = requireCompany(data, params.id);
    setFieldValue(company.customFields, fieldFor(data, params.fieldId, FieldUsage.Company), params.value);
  },

  companyCustomFields: ({ data, params }) => {
    const company = requireCompany(data, params.id);
    return data.customFields
      .filter((field) => field.usage === FieldUsage.Company)
      .map((field) => fieldValueRecord(field, company.customFields));
  },
});
