/**
 * Towns of the demo sites, by demo space: around Bordeaux (pco), around Nantes and Saint-Nazaire (pco3), around Tokyo,
 * Yokohama and Osaka (pco2). Centre coordinates in decimal degrees (WGS 84); streets are real street or district names.
 */
export interface SeedTown {
  lang: 'fr' | 'ja';
  /** Town as written in an address (`Mérignac`, `東京都世田谷区`). */
  city: string;
  /** Short name used in site names (`Mérignac`, `世田谷`). */
  shortName: string;
  postalCode: string;
  latitude: number;
  longitude: number;
  /** Street names (French) or district (chōme) names (Japanese). */
  streets: readonly string[];
}

const fr = (
  city: string,
  postalCode: string,
  latitude: number,
  longitude: number,
  streets: readonly string[],
): SeedTown => ({ lang: 'fr', city, shortName: city, postalCode, latitude, longitude, streets });
const ja = (
  city: string,
  shortName: string,
  postalCode: string,
  latitude: number,
  longitude: number,
  streets: readonly string[],
): SeedTown => ({ lang: 'ja', city, shortName, postalCode, latitude, longitude, streets });

export const SITE_TOWNS: Record<string, readonly SeedTown[]> = {
  pco: [
    fr('Bordeaux', '33000', 44.8378, -0.5792, [
      'rue Sainte-Catherine',
      'cours de l’Intendance',
      'rue du Palais Gallien',
      'quai des Chartrons',
    ]),
    fr('Mérignac', '33700', 44.8386, -0.6436, [
      'avenue de la Marne',
      'rue Jean Giono',
      'avenue de l’Yser',
      'chemin de la Princesse',
    ]),
    fr('Pessac', '33600', 44.8067, -0.6311, [
      'avenue Jean Jaurès',
      'rue des Poilus',
      'avenue Pasteur',
      'allée des Mimosas',
    ]),
    fr('Talence', '33400', 44.8086, -0.5886, [
      'cours de la Libération',
      'rue Peydavant',
      'avenue de Thouars',
      'rue Roustaing',
    ]),
    fr('Arcachon', '33120', 44.6586, -1.1689, [
      'boulevard de la Plage',
      'avenue Gambetta',
      'allée des Pins',
      'cours Desbiey',
    ]),
    fr('Libourne', '33500', 44.915, -0.2436, ['rue Gambetta', 'avenue Galliéni', 'quai de l’Isle', 'rue des Vignes']),
    fr('Bègles', '33130', 44.8086, -0.5478, [
      'rue Calixte Camelle',
      'avenue du Maréchal Leclerc',
      'rue des Terres Neuves',
    ]),
    fr('Le Bouscat', '33110', 44.865, -0.5997, ['avenue de la Libération', 'rue Raymond Lavigne', 'boulevard Godard']),
    fr('Gradignan', '33170', 44.7725, -0.6156, [
      'cours du Général de Gaulle',
      'allée de Mégevie',
      'chemin de Larroque',
    ]),
    fr('Saint-Médard-en-Jalles', '33160', 44.8964, -0.7197, [
      'avenue Montesquieu',
      'rue Francis Montoya',
      'chemin de Corbiac',
    ]),
    fr('La Teste-de-Buch', '33260', 44.6306, -1.1458, [
      'avenue du Général Leclerc',
      'rue du Port',
      'allée des Arbousiers',
    ]),
    fr('Cenon', '33150', 44.8578, -0.5317, ['avenue Jean Jaurès', 'rue Camille Pelletan', 'avenue Carnot']),
  ],
  pco3: [
    fr('Nantes', '44000', 47.2184, -1.5536, [
      'rue Crébillon',
      'quai de la Fosse',
      'boulevard Guist’hau',
      'rue de Strasbourg',
    ]),
    fr('Saint-Nazaire', '44600', 47.2735, -2.2138, ['avenue de la République', 'boulevard Wilson', 'rue de Pornichet']),
    fr('Rezé', '44400', 47.1833, -1.55, ['rue Jean Jaurès', 'avenue de la Vendée', 'rue des Chevaliers']),
    fr('Saint-Herblain', '44800', 47.2122, -1.6497, [
      'boulevard Charles Gautier',
      'rue de la Paix',
      'avenue des Thébaudières',
    ]),
    fr('Orvault', '44700', 47.2711, -1.6228, ['route de Vannes', 'rue de la Garenne', 'avenue de la Ferrière']),
    fr('Vertou', '44120', 47.1689, -1.4697, ['rue de l’Île de France', 'route de Clisson', 'chemin des Vignes']),
    fr('Carquefou', '44470', 47.2975, -1.4914, ['rue du Général de Gaulle', 'allée des Tilleuls', 'route de Paris']),
    fr('La Baule-Escoublac', '44500', 47.2867, -2.3908, [
      'avenue du Général de Gaulle',
      'allée des Pins',
      'boulevard Darlu',
    ]),
    fr('Pornic', '44210', 47.1156, -2.1022, ['rue de la Marine', 'quai Leray', 'chemin du Portmain']),
  ],
  pco2: [
    ja('東京都世田谷区', '世田谷', '154-0017', 35.6464, 139.6533, ['世田谷', '太子堂', '経堂']),
    ja('東京都杉並区', '杉並', '166-0003', 35.6995, 139.6364, ['高円寺南', '阿佐谷北', '荻窪']),
    ja('東京都練馬区', '練馬', '176-0001', 35.7356, 139.6517, ['練馬', '豊玉北', '石神井町']),
    ja('東京都大田区', '大田', '144-0051', 35.5613, 139.716, ['西蒲田', '大森北', '田園調布']),
    ja('東京都江戸川区', '江戸川', '132-0021', 35.7068, 139.8683, ['中央', '西葛西', '小岩']),
    ja('神奈川県横浜市中区', '横浜中区', '231-0023', 35.4443, 139.638, ['山下町', '元町', '本牧町']),
    ja('神奈川県横浜市青葉区', '青葉', '225-0002', 35.5527, 139.5371, ['美しが丘', '青葉台', '藤が丘']),
    ja('神奈川県川崎市中原区', '中原', '211-0004', 35.5763, 139.6595, ['新丸子東', '小杉町', '木月']),
    ja('大阪府大阪市北区', '大阪北区', '530-0001', 34.7055, 135.4983, ['梅田', '中之島', '天神橋']),
    ja('大阪府大阪市天王寺区', '天王寺', '543-0001', 34.6545, 135.519, ['上本町', '悲田院町', '真法院町']),
    ja('大阪府豊中市', '豊中', '560-0021', 34.7813, 135.4697, ['本町', '岡町', '緑丘']),
    ja('埼玉県さいたま市浦和区', '浦和', '330-0062', 35.8617, 139.6455, ['仲町', '高砂', '常盤']),
  ],
};
