/** Values the server keeps for itself, by key (the content seed's marker, the unsubscribe-link secret). */
export type SettingsTables = {
  settings: SettingsTable;
};

export type SettingsTable = {
  key: string;
  value: string;
};
