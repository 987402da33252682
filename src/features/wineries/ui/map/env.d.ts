interface ImportMetaEnv {
  /** Raster tile URL template of the satellite layer, e.g. https://…/{z}/{y}/{x}; unset hides it. */
  readonly VITE_SATELLITE_TILES_URL?: string;
  /** Raster tile URL template of the terrain layer; unset hides it. */
  readonly VITE_TERRAIN_TILES_URL?: string;
}
