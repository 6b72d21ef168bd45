/**
 * Matching a file's columns to the import fields (issue 13: "columns are matched automatically, synonyms in the five
 * languages"). A heading matches a field when, normalised (NFKC, lower case, accents and punctuation dropped), it
 * equals one of the field's synonyms: its template heading in each language (`clientImport:fields.<field>`) and the
 * extra words of {@link EXTRA_SYNONYMS}. Each field goes to the first column that names it.
 */
import { IMPORT_FIELDS, type ImportField, type Language } from '@isoptera/contracts';
import { translate } from '@isoptera/i18n';
import { loadCatalogues } from '@isoptera/i18n/load-catalogues';

const catalogues = loadCatalogues();
const LANGUAGES: Language[] = ['fr', 'en', 'ja', 'it', 'pt'];

/** Other ways spreadsheets name the fields, in the five languages. */
const EXTRA_SYNONYMS: Record<ImportField, string[]> = {
  client_name: [
    'client',
    'nom client',
    'raison sociale',
    'société',
    'customer',
    'customer name',
    'name',
    'company name',
    '顧客',
    'お客様名',
    '会社名',
    'cliente',
    'ragione sociale',
    'nome',
    'razão social',
    'nome cliente',
  ],
  company: ['type', 'type de client', 'entreprise ?', 'is company', 'kind', '種別', 'tipo', 'tipo cliente'],
  lastname: [
    'nom du contact',
    'nom de famille',
    'surname',
    'family name',
    'contact last name',
    '氏',
    'cognome',
    'sobrenome',
  ],
  firstname: ['prénom du contact', 'given name', 'contact first name', 'first', 'nome proprio', 'primeiro nome'],
  phone: [
    'tél',
    'tel',
    'téléphone',
    'portable',
    'mobile',
    'telephone',
    'phone number',
    '電話',
    '携帯',
    'cellulare',
    'telemóvel',
    'celular',
  ],
  email: [
    'mail',
    'courriel',
    'adresse e-mail',
    'email address',
    'e-mail address',
    'メール',
    'posta elettronica',
    'correio eletrónico',
  ],
  title: ['fonction', 'poste', 'job', 'position', 'role', '肩書', 'ruolo', 'cargo', 'função', 'qualifica'],
  notes: [
    'remarques',
    'commentaire',
    'commentaires',
    'comments',
    'comment',
    '備考',
    'note',
    'observações',
    'observacoes',
  ],
  site_name: ['site', 'nom site', 'site name', '現場', '物件名', 'sito', 'local', 'nome sito'],
  address: [
    'adresse',
    'rue',
    'street',
    'address line',
    'adresse du site',
    '所在地',
    'indirizzo',
    'via',
    'morada',
    'endereço',
    'rua',
  ],
  postal_code: [
    'cp',
    'code postal',
    'zip',
    'zip code',
    'postcode',
    'post code',
    '〒',
    'cap',
    'código postal',
    'codigo postal',
  ],
  city: ['ville', 'commune', 'town', '市町村', '都市', 'comune', 'città', 'cidade', 'localidade'],
  country: ['pays', 'nation', '国名', 'paese', 'país', 'nazione'],
  latitude: ['lat', 'latitude (°)', '緯度', 'latitudine'],
  longitude: ['lng', 'lon', 'long', '経度', 'longitudine'],
  area: ['surface', 'superficie', 'surface m2', 'area', 'm2', 'm²', '面積', 'área', 'superficie m2'],
};

/** A heading reduced for comparison: NFKC, lower case, accents, spaces and punctuation removed. */
export function normaliseHeading(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** Normalised synonym → field. */
const SYNONYMS: Map<string, ImportField> = (() => {
  const map = new Map<string, ImportField>();
  // the template headings first: they win over a loose extra synonym
  for (const field of IMPORT_FIELDS) {
    for (const lang of LANGUAGES) map.set(normaliseHeading(templateHeading(lang, field)), field);
  }
  for (const field of IMPORT_FIELDS) {
    for (const lang of LANGUAGES) {
      const bare = normaliseHeading(
        templateHeading(lang, field)
          .normalize('NFKC')
          .replace(/[([][^)\]]*[)\]]/g, ''),
      );
      if (bare && !map.has(bare)) map.set(bare, field);
    }
    for (const word of EXTRA_SYNONYMS[field]) {
      const key = normaliseHeading(word);
      if (key && !map.has(key)) map.set(key, field);
    }
  }
  return map;
})();

/** The template heading of `field` in `lang`. */
export function templateHeading(lang: Language, field: ImportField): string {
  return translate(catalogues, lang, `clientImport:fields.${field}`);
}

/** The field a heading names, or null. */
export function fieldOfHeading(heading: string): ImportField | null {
  const found = SYNONYMS.get(normaliseHeading(heading));
  if (found) return found;
  // a unit or remark in brackets, "Surface (m2)", "面積（㎡）": matched without it
  const bare = heading.normalize('NFKC').replace(/[([][^)\]]*[)\]]/g, '');
  return SYNONYMS.get(normaliseHeading(bare)) ?? null;
}

/** The automatic mapping of `headers`: each field to the first column naming it, the other columns null. */
export function autoMapping(headers: string[]): (ImportField | null)[] {
  const taken = new Set<ImportField>();
  return headers.map((header) => {
    const field = fieldOfHeading(header);
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/**
 * The 1-based row most likely to hold the headings among the first 10: the one naming the most fields (at least
 * two); else the first non-empty row; 1 for an empty sheet.
 */
export function guessHeaderRow(rows: string[][]): number {
  let best = 0;
  let bestCount = 1;
  for (let r = 0; r < Math.min(rows.length, 10); r++) {
    const count = new Set((rows[r] ?? []).map(fieldOfHeading).filter(Boolean)).size;
    if (count > bestCount) {
      best = r + 1;
      bestCount = count;
    }
  }
  if (best) return best;
  const first = rows.findIndex((row) => row.some((cell) => cell.trim() !== ''));
  return first >= 0 ? first + 1 : 1;
}
