/**
 * The site's router (react-router 7, declarative mode: `<BrowserRouter>` + `<Routes>`, about
 * 16 KB gzipped lighter than the data router, which the budget for `/` needs). The pages
 * themselves are listed in ./routes.tsx; this renders them inside the layout.
 */
import { BrowserRouter, Route, Routes } from 'react-router';
import { Layout } from './Layout';
import { NotFoundRoute, pageRoutes } from './routes';

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<Layout />}>
          {pageRoutes.map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
