/**
 * SPEC §1 "some Japanese labels are shifted from their intended keys in the source text": a Japanese text that
 * translates a neighbouring key. Two nets catch a shift (issue 14):
 * - every Japanese text has the `{{placeholders}}` of its English key (a plural form against English's `_other`,
 *   whose `{{count}}` a one-form may leave out) — a shift between texts with different placeholders breaks it;
 * - a reviewed list of key → (English, Japanese) pairs for the labels the demo seed and the main screens show (menu,
 *   statuses, visit and alert types, roles, common actions, Home): a shift among plain labels breaks it, and a
 *   changed English text asks for the Japanese one to be reviewed again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES_DIR } from './load-catalogues.js';
import { splitPluralKey } from './overrides.js';
import { flattenCatalogue, placeholdersOf } from './translate.js';

const read = (lang: string, file: string) =>
  flattenCatalogue(JSON.parse(readFileSync(join(LOCALES_DIR, lang, file), 'utf8'))) as Record<string, string>;
const files = readdirSync(join(LOCALES_DIR, 'ja')).filter((file) => file.endsWith('.json'));

/** Reviewed by a Japanese reader against the English text: `namespace:key` → [English, Japanese]. */
const REVIEWED: Record<string, [string, string]> = {
  'layout:menu.home': ['Overview', '概要'],
  'layout:menu.planning': ['Planning', 'スケジュール'],
  'layout:menu.reports': ['Reports', '報告書'],
  'layout:menu.sites': ['Sites', '物件'],
  'layout:menu.clients': ['Clients', '顧客'],
  'layout:menu.dealers': ['Dealers', '販売代理店'],
  'layout:menu.pcos': ['Pest-control operators', '防除業者'],
  'layout:menu.users': ['Users', 'ユーザー'],
  'layout:menu.spaceParameters': ['Space settings', 'スペース設定'],
  'layout:header.newVisit': ['New visit', '新しい訪問'],
  'layout:profile.logout': ['Log out', 'ログアウト'],
  'home:upcoming.title': ['Upcoming services', '今後の訪問'],
  'home:upcoming.today': ['Today', '今日'],
  'home:upcoming.tomorrow': ['Tomorrow', '明日'],
  'home:toProcess.title': ['Reports to process', '未処理の報告書'],
  'common:actions.save': ['Save', '保存'],
  'common:actions.cancel': ['Cancel', 'キャンセル'],
  'common:actions.close': ['Close', '閉じる'],
  'common:actions.confirm': ['Confirm', '確定'],
  'common:actions.delete': ['Delete', '削除'],
  'common:actions.edit': ['Edit', '編集'],
  'common:actions.back': ['Back', '戻る'],
  'common:actions.search': ['Search', '検索'],
  'common:pagination.previous': ['Previous', '前へ'],
  'common:pagination.next': ['Next', '次へ'],
  'enums:site_status.STATUS_TO_ESTIMATE': ['To estimate', '見積待ち'],
  'enums:site_status.STATUS_PLANNED_ESTIMATE_VISIT': ['Estimate visit planned', '見積訪問予定'],
  'enums:site_status.STATUS_TO_INSTALL': ['To install', '設置待ち'],
  'enums:site_status.STATUS_PLANNED_INSTALL': ['Installation planned', '設置予定'],
  'enums:site_status.STATUS_IN_OPERATION': ['In operation', '稼働中'],
  'enums:site_status.STATUS_TO_CHECK': ['To check', '点検待ち'],
  'enums:site_status.STATUS_PLANNED_INSPECTION_VISIT': ['Inspection visit planned', '点検訪問予定'],
  'enums:site_status.STATUS_TO_CLOSE': ['To close', '解約待ち'],
  'enums:site_status.STATUS_PLANNED_CLOSING': ['Closing planned', '解約作業予定'],
  'enums:site_status.STATUS_CLOSED': ['Closed', '解約済み'],
  'enums:alert_type.TYPE_TERMITE_ALERT': ['Termite activity', 'シロアリ活動'],
  'enums:alert_type.TYPE_LOW_BATTERY': ['Low battery', 'バッテリー残量低下'],
  'enums:alert_type.TYPE_COMMUNICATION_ERROR': ['Communication lost', '通信途絶'],
  'enums:alert_type.TYPE_COMMUNICATION_WEAK_SIGNAL': ['Weak signal', '電波微弱'],
  'enums:alert_type.TYPE_COLONY_DETECTED': ['Colony detected', 'コロニー検出'],
  'enums:intervention_type.TYPE_PRE_VISIT': ['Pre-visit (quote)', '事前調査（見積）'],
  'enums:intervention_type.TYPE_COMMISSIONING': ['Installation', '設置'],
  'enums:intervention_type.TYPE_CONTROL_VISIT': ['Follow-up visit', '定期点検'],
  'enums:intervention_type.TYPE_CLOSING_SITE': ['Site closing', '解約作業'],
  'enums:report_status.to_process': ['To process', '未処理'],
  'enums:report_status.sent': ['Sent', '送付済み'],
  'enums:report_status.discarded': ['Closed without sending', '送付せず処理済み'],
  'enums:treatment_type.TYPE_PREVENTION': ['Prevention (monitoring)', '予防（モニタリング）'],
  'enums:treatment_type.TYPE_ELIMINATION': ['Elimination (corrective)', '駆除（対策）'],
  'enums:role.ROLE_PCO_SPACE_OWNER': ['Owner', 'オーナー'],
  'enums:role.ROLE_PCO_SPACE_MANAGER': ['Manager', 'マネージャー'],
  'enums:role.ROLE_PCO_SPACE_TECHNICIAN': ['Technician', '技術者'],
  'enums:user_status.active': ['Active', '有効'],
  'enums:user_status.invited': ['Invited', '招待中'],
  'enums:user_status.disabled': ['Disabled', '無効'],
  'enums:equipment_kind.gateway': ['Gateway', 'ゲートウェイ'],
  'enums:equipment_kind.igs': ['In-ground station', '地中ステーション'],
  'enums:equipment_kind.ags': ['Above-ground station', '地上ステーション'],
  'sites:columns.name': ['Site', '物件'],
  'sites:columns.client': ['Client', '顧客'],
  'sites:columns.address': ['Address', '住所'],
  'sites:columns.status': ['Status', 'ステータス'],
  'sites:columns.referent': ['Referent', '担当者'],
  'sites:columns.updatedAt': ['Last update', '最終更新日'],
  'clients:list.mainContact': ['Main contact', '主担当者'],
  'clients:list.sites': ['Sites', '物件'],
  'clients:list.updatedAt': ['Last update', '最終更新'],
  'interventions:fields.client': ['Client', '顧客'],
  'interventions:fields.site': ['Site', '物件'],
  'interventions:fields.type': ['Type of visit', '訪問の種類'],
  'interventions:fields.interveners': ['Technicians', '担当技術者'],
  'interventions:fields.startAt': ['Start', '開始'],
  'interventions:fields.endAt': ['End', '終了'],
  'planning:views.list': ['List', 'リスト'],
  'planning:views.week': ['Week', '週'],
  'planning:views.month': ['Month', '月'],
  'auth:login.email': ['E-mail address', 'メールアドレス'],
  'auth:login.password': ['Password', 'パスワード'],
  'auth:login.submit': ['Sign in', 'ログイン'],
};

describe('Japanese texts say what their English keys say', () => {
  it.each(files)('ja/%s has the placeholders of en, key by key', (file) => {
    const en = read('en', file);
    const ja = read('ja', file);
    const wrong: string[] = [];
    for (const [key, text] of Object.entries(ja)) {
      const { base, form } = splitPluralKey(key);
      const reference = form === null ? en[key] : (en[`${base}_other`] ?? en[key]);
      if (reference === undefined) continue; // a key English lacks: the parity test reports it
      const optional = form !== null && form !== 'other' ? ['count'] : [];
      const want = placeholdersOf(reference).filter((name) => !optional.includes(name));
      const got = placeholdersOf(text).filter((name) => !optional.includes(name));
      if (want.join() !== got.join()) wrong.push(`${key}: en {${want.join(', ')}} / ja {${got.join(', ')}}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the reviewed labels of the seed and the main screens keep their meaning', () => {
    const wrong: string[] = [];
    for (const [id, [english, japanese]] of Object.entries(REVIEWED)) {
      const [ns = '', key = ''] = id.split(':');
      const en = read('en', `${ns}.json`)[key];
      const ja = read('ja', `${ns}.json`)[key];
      if (en !== english) wrong.push(`${id}: English is now “${en}”, was “${english}”: review the Japanese again`);
      if (ja !== japanese) wrong.push(`${id}: ja “${ja}” should say “${japanese}” (${english})`);
    }
    expect(wrong).toEqual([]);
  });

  it('no two reviewed labels of one group share a Japanese text unless their English texts are the same', () => {
    const byGroup = new Map<string, Map<string, string>>();
    for (const [id, [english, japanese]] of Object.entries(REVIEWED)) {
      const group = id.slice(0, id.lastIndexOf('.'));
      const seen = byGroup.get(group) ?? new Map<string, string>();
      const previous = seen.get(japanese);
      expect(previous === undefined || previous === english, `${id}: ${japanese} also means “${previous}”`).toBe(true);
      seen.set(japanese, english);
      byGroup.set(group, seen);
    }
  });
});
