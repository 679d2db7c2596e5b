/** OFREP, OpenFeature's remote evaluation protocol: its routes are all the app needs of it. */
export { ofrepRoutes } from './routes.ts';
