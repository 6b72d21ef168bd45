/** What each business seed step hands to the next. */
export interface SeededClient {
  id: string;
  /** Demo space key: `pco`, `pco2` (Japanese) or `pco3`. */
  spaceKey: string;
  company: boolean;
  /** Contact ids of the client, the primary contact first. */
  contactIds: string[];
}

export interface SeededSite {
  id: string;
  clientId: string;
  spaceKey: string;
  status: string;
}
