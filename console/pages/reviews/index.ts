import { ReviewsPage } from './ui/reviews-page';
import { currentRoute } from './model/reviews';

export const consoleReviewsPage = { route: currentRoute, view: ReviewsPage };
export * as consoleReviewsModel from './model/reviews';
