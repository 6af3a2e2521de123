import { searchQuerySchema, searchReplySchema } from '../search';
import { get } from './route';

// The global search (docs/API.md, "Search"). One area of the route table (routes.ts).

export const searchRoutes = {
  search: get('/user/search', { query: searchQuerySchema, reply: searchReplySchema }),
};
