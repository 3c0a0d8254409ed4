/* The slice's views and model, for views that load on demand (docs/performance.md "Bundle"): the Info sheet's row. */
export { HomeScreenOffer, HomeScreenRow } from './ui/home-screen';
export * as homeScreenModel from './model/home-screen';
