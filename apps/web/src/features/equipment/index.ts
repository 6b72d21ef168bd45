/**
 * The equipment feature's public pieces, composed into the site detail by the app (apps/web/src/app): the section
 * (list, map, dialogs) and the query keys the live refresher invalidates (`equipmentKeys.site(siteUlid)`).
 */
export { equipmentKeys } from './api/equipment-keys';
export { EquipmentSection, type EquipmentSectionProps } from './components/equipment-section';
