/**
 * The equipment feature's public piece, composed into the site detail by the app (apps/web/src/app): the section
 * (list, map, dialogs). Its query (shared/api/site-equipment.ts) is what the live refresher invalidates.
 */
export { EquipmentSection, type EquipmentSectionProps } from './components/equipment-section';
