import type { CloudUpload } from '@radio/contracts';
import { toast } from '@/components/ui/use-toast';
import { failureMessage } from '@/lib/api-client';
import { useDownloadCloudUpload } from '../api/download-cloud-upload';

/**
 * Opens the download in a new tab. The tab is opened at the click (a popup blocker allows that
 * only then) and sent to the link once the server gives it; without a tab the page goes there
 * itself, which downloads without leaving it (the link is an attachment).
 */
export function useDownloadInNewTab(upload: CloudUpload) {
  const download = useDownloadCloudUpload();
  return {
    isPending: download.isPending,
    start: () => {
      const tab = window.open('', '_blank');
      if (tab) tab.opener = null;
      download.mutate(upload.id, {
        onSuccess: (url) => {
          if (tab) tab.location.href = url;
          else window.location.assign(url);
          toast({
            title: 'Download gestart',
            description: `${upload.originalName} wordt gedownload.`,
          });
        },
        onError: (error) => {
          tab?.close();
          toast({
            variant: 'destructive',
            title: 'Download mislukt',
            description: failureMessage(error),
          });
        },
      });
    },
  };
}
