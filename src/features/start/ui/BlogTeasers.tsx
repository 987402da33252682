import { Card, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { StartPageQuery } from '../../../api/graphql.generated';
import { formatLongDate } from '../../../domain/dates';

/** The latest three blog posts. */
export function BlogTeasers({ posts }: { posts: StartPageQuery['allPostPages'] }) {
  if (posts.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-label="Aus dem Blog">
      <Title order={2} size="h3">
        Aus dem Blog
      </Title>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {posts.map((post) => (
          <Card
            key={post.id}
            withBorder
            radius="md"
            padding="md"
            component={Link}
            to={`/admin/blog/${post.slug}`}
          >
            {post.image && (
              <Card.Section>
                <Image src={post.image} alt="" h={140} />
              </Card.Section>
            )}
            <Text size="xs" c="dimmed" mt="sm">
              {formatLongDate(post.firstPublishedAt)}
            </Text>
            <Text fw={600}>{post.title}</Text>
            <Text size="sm" c="dimmed" lineClamp={3}>
              {post.intro}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
