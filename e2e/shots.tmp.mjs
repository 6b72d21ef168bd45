// temporary: screenshots of the import wizard (not committed)
import { chromium } from '@playwright/test';
const BASE = 'http://127.0.0.1:3200';
const H = { 'Client-Type': 'webapp' };
const rows = [['Nom du client','Nom','Prénom','Téléphone','E-mail','Fonction','Adresse','Code postal','Ville','Latitude','Longitude','Surface (m²)']];
for (let i = 1; i <= 30; i++) rows.push([`Résidence des Tilleuls ${i}`,'Martin','Élodie',`+33 5 56 00 ${String(i).padStart(2,'0')} 12`, i % 9 === 2 ? 'pas-une-adresse' : `e${i}@exemple.fr`,'Gérante',`${i} allée des Tilleuls`,'33000','Bordeaux', i % 11 === 3 ? '' : '44.84','-0.58','150']);
const csv = Buffer.from(rows.map((r) => r.join(';')).join('\r\n'));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
for (const lang of process.argv.slice(2)) {
  for (const width of [1280, 390]) {
    const context = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 }, locale: lang });
    const page = await context.newPage();
    const login = await page.request.post(`${BASE}/security/token/request`, { headers: H, data: { email: 'owner@demo.example', password: 'Termite-Demo-2026!', _remember_me: false } });
    if (!login.ok()) throw new Error(await login.text());
    await page.request.put(`${BASE}/api/me/edit-language`, { headers: H, data: { language: lang } });
    await page.request.post(`${BASE}/security/token/refresh`, { headers: H });
    const name = `${lang}-${width}`;
    await page.goto(`${BASE}/clients`);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shots/${name}-0-clients.png` });
    await page.goto(`${BASE}/clients/import`);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shots/${name}-1-upload.png`, fullPage: true });
    await page.locator('input[type="file"]').setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: csv });
    await page.waitForURL(/step=sheet/);
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shots/${name}-2-sheet.png`, fullPage: true });
    await page.goto(page.url().replace('step=sheet', 'step=mapping'));
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `/tmp/shots/${name}-3-mapping.png`, fullPage: true });
    await page.goto(page.url().replace('step=mapping', 'step=check'));
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `/tmp/shots/${name}-4-check.png`, fullPage: true });
    const start = page.locator('button', { hasText: lang === 'ja' ? 'インポートを開始' : 'Lancer' });
    await start.click();
    await page.waitForTimeout(600);
    await page.screenshot({ path: `/tmp/shots/${name}-5-progress.png`, fullPage: true });
    await page.waitForTimeout(4000);
    await page.screenshot({ path: `/tmp/shots/${name}-6-report.png`, fullPage: true });
    await context.close();
  }
}
await browser.close();
