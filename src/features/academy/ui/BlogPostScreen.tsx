import { Anchor, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useParams } from 'react-router-dom';
import { HtmlContent } from '../../../components/discovery/HtmlContent';
import { QueryFailure } from '../../../components/offline/OfflineUnavailable';
import { formatLongDate } from '../../../domain/dates';
import { useBlogPage } from '../api/content';

/** `/admin/blog/:slug`: one blog post with its sanitised HTML body. */
export function BlogPostScreen() {
  const { slug = '' } = useParams();
  const post = useBlogPage(slug);
  useDocumentTitle(`${post.data?.title ?? 'Blog'} – Weindepot`);

  if (post.isPending) return <Text role="status">Lade Post....</Text>;
  if (post.isError || !post.data) {
    return (
      <QueryFailure>
        <Stack gap="md">
          <div role="alert">
            <Title order={1}>Blogpost not found :-()</Title>
          </div>
          <Anchor component={Link} to="/admin/start">
            Zur Startseite
          </Anchor>
        </Stack>
      </QueryFailure>
    );
  }
  const page = post.data;
  return (
    <Paper component="article" withBorder p={{ base: 'md', sm: 'xl' }} maw={860}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {formatLongDate(page.firstPublishedAt)}
        </Text>
        <Title order={1}>{page.title}</Title>
        {page.intro ? (
          <Text size="lg" fw={500}>
            {page.intro}
          </Text>
        ) : null}
        {page.image ? <Image src={page.image} alt="" radius="md" /> : null}
        <HtmlContent html={page.body} />
      </Stack>
    </Paper>
  );
}
